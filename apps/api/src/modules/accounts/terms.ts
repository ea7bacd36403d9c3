/**
 * The current version of the terms and privacy notice, published together. Registration refuses
 * any other version, so every member's record names the text they were shown. A constant until
 * the content work makes the texts editable and versioned in the database.
 */
export const CURRENT_TERMS_VERSION = '2026-11-01';

// The field markup lives with the button in controls.tsx (one file on the first load).
export { Field, FieldNotes, FormAlert, inputClass, linkClass, noteIds } from './controls';

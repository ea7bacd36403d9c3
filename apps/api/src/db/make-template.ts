// Run by the API build (build.mjs) after bundling: writes dist/pglite-template.tar.gz (template.ts).
import { writeTemplate } from './template';

await writeTemplate();
console.log('pglite template written');

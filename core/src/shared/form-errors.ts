/**
 * Where a message that belongs to no one field goes, in the API's `fields` and in the forms'
 * errors. Apart from the schemas (fields.ts), so that a form is drawn without them.
 */
export const FORM_ERROR_KEY = "_";

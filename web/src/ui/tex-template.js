// TeX templates with {{name}} placeholders: the exercises' questions and worked solutions, filled with the
// values the kernels computed (at build time with an exercise's default inputs, at run time with the rest).
import { texValue } from './format.js';

export const PLACEHOLDER = /\{\{([a-zA-Z][\w-]*)\}\}/g;
export const hasPlaceholder = (tex) => /\{\{[a-zA-Z][\w-]*\}\}/.test(tex);

/** The template with every placeholder replaced by its value as TeX; a missing value shows as an empty box. */
export const fillTex = (template, values) =>
  template.replace(PLACEHOLDER, (_, name) => (name in values ? texValue(values[name]) : '\\boxed{\\;}'));

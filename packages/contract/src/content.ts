import { z } from 'zod';
import { safeMultilineText, safeText } from './common.js';

/** Staff-editable content: the FAQ of `help` and the about page (`contact`, Conócenos). */
export const ZFaqItem = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Display order, ascending. */
  position: z.number().int(),
  published: z.boolean(),
  updated_at: z.string(),
});
export type FaqItem = z.infer<typeof ZFaqItem>;

export const ZFaqInput = z.object({
  question: safeText().min(5, 'Escribe la pregunta (al menos 5 caracteres)').max(200),
  answer: safeMultilineText().min(5, 'Escribe la respuesta (al menos 5 caracteres)').max(4000),
  position: z.number().int().min(0).max(10000).default(0),
  published: z.boolean().default(true),
});
export type FaqInput = z.input<typeof ZFaqInput>;

const optionalText = (max: number) =>
  safeText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalUrl = z
  .union([z.url({ protocol: /^https?$/, message: 'Usa una dirección web que empiece por https://' }), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

/** The about page. `body` is plain text; blank lines separate paragraphs. */
export const ZAboutPageInput = z.object({
  title: safeText().min(3).max(120),
  intro: safeMultilineText().min(10, 'Escribe una introducción de al menos 10 caracteres').max(600),
  body: safeMultilineText().max(8000).default(''),
  email: z
    .union([z.email({ message: 'El correo electrónico no es válido' }), z.literal('')])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phone: optionalText(40),
  whatsapp: optionalText(40),
  address: optionalText(200),
  hours: optionalText(200),
  website: optionalUrl,
  facebook: optionalUrl,
  instagram: optionalUrl,
});
export type AboutPageInput = z.input<typeof ZAboutPageInput>;

export const ZAboutPage = z.object({
  title: z.string(),
  intro: z.string(),
  body: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
  website: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AboutPage = z.infer<typeof ZAboutPage>;

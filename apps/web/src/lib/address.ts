/**
 * An address as people read it: "Calle 50 # 45-30, Itagüí". The city is added only when the
 * address does not already end with it (people often type it in the address line too), so it
 * never reads "Itagüí, Itagüí".
 */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function formatAddress(address: string | null | undefined, city: string | null | undefined): string {
  const a = (address ?? '').trim();
  const c = (city ?? '').trim();
  if (!c) return a;
  if (!a) return c;
  const foldedCity = fold(c);
  const lastPart = fold(a.split(/[,\-–—]/).at(-1) ?? '');
  if (lastPart === foldedCity || fold(a).endsWith(` ${foldedCity}`)) return a;
  return `${a}, ${c}`;
}

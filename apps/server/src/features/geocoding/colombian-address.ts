/**
 * Colombian urban addresses ("nomenclatura vial"): `Calle 49 # 72-35` is the plot on Calle 49,
 * 35 m past the corner with Carrera 72. Calles (and diagonales, avenidas calle) and carreras
 * (and transversales, avenidas carrera) form a numbered grid, so an address is a grid position:
 * the axis street's number on one coordinate and the cross street plus metres on the other.
 */

/** Which family of the grid a street belongs to. */
export type Axis = 'calle' | 'carrera';

export type ParsedAddress = {
  /** The street the plot is on, as written in the address's canonical form ("Calle", "Carrera"…). */
  streetType: StreetType;
  axis: Axis;
  /** Grid position of the street: 43A → 43.25, 12 Sur → -12. */
  street: number;
  /** Grid position of the cross street plus the metres to the plot (a block is ~100 m). */
  cross: number;
  /** The address in canonical form: "Carrera 43A # 9-50". */
  canonical: string;
  /** Text after the first comma ("Medellín", "El Poblado, Medellín"), if any. */
  rest: string | null;
};

export const STREET_TYPES = [
  'Calle',
  'Carrera',
  'Diagonal',
  'Transversal',
  'Avenida Calle',
  'Avenida Carrera',
  'Avenida',
  'Circular',
] as const;
export type StreetType = (typeof STREET_TYPES)[number];

// Abbreviations seen on Colombian bills, forms and signs (DANE's "nomenclatura de direcciones").
const TYPE_WORDS: [RegExp, StreetType][] = [
  [/^(avenida|av\.?|avda\.?)\s*(calle|cl\.?|cll\.?)$|^ac$/, 'Avenida Calle'],
  [/^(avenida|av\.?|avda\.?)\s*(carrera|cra\.?|kr\.?|cr\.?)$|^ak$/, 'Avenida Carrera'],
  [/^(calle|cl|cll|clle|call)$/, 'Calle'],
  [/^(carrera|cra|carr|cr|kr|kra|k)$/, 'Carrera'],
  [/^(diagonal|dg|diag)$/, 'Diagonal'],
  [/^(transversal|tv|tr|trans|transv)$/, 'Transversal'],
  [/^(avenida|av|avda)$/, 'Avenida'],
  [/^(circular|cir|circ)$/, 'Circular'],
];

const AXIS: Record<StreetType, Axis> = {
  Calle: 'calle',
  Diagonal: 'calle',
  'Avenida Calle': 'calle',
  // An unqualified avenida or circular is read as a calle; the hit then says "street" precision.
  Avenida: 'calle',
  Circular: 'calle',
  Carrera: 'carrera',
  Transversal: 'carrera',
  'Avenida Carrera': 'carrera',
};

/** Lower case, no accents, one space: how user text is compared. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** "43", "43A", "43 a", "43A bis", "12 sur" → grid position; letters split a block in quarters. */
function gridNumber(
  num: string,
  letter: string | undefined,
  bis: string | undefined,
  side: string | undefined,
): number {
  let value = Number(num);
  if (letter) value += Math.min(3, letter.charCodeAt(0) - 96) * 0.25;
  if (bis) value += 0.125;
  // "Sur" and "Este" numbers grow away from the origin on the other side of it.
  return side ? -value : value;
}

function label(num: string, letter: string | undefined, bis: string | undefined, side: string | undefined): string {
  return `${num}${letter ? letter.toUpperCase() : ''}${bis ? ' Bis' : ''}${side ? ` ${side[0]!.toUpperCase()}${side.slice(1)}` : ''}`;
}

const ADDRESS =
  /^(avenida calle|avenida carrera|av\.? calle|av\.? carrera|[a-z.]+)\s*(\d{1,3})\s?([a-h])?\s*(bis)?\s*(sur|este)?\s*(?:#|no\.?|n°|nº|num\.?|numero)?\s*(\d{1,3})\s?([a-h])?\s*(bis)?\s*[-–\s]\s*(\d{1,3})\s*(sur|este)?\s*(?:,\s*(.*))?$/;

/** Reads a Colombian urban address, or null when the text is not one. */
export function parseAddress(text: string): ParsedAddress | null {
  const folded = fold(text).replace(/\s*#\s*/g, ' # ');
  const m = ADDRESS.exec(folded);
  if (!m) return null;
  const [, typeWord, num, letter, bis, side, crossNum, crossLetter, crossBis, meters, crossSide, rest] = m;
  const streetType = TYPE_WORDS.find(([re]) => re.test(typeWord!.replace(/\.$/, '')))?.[1];
  if (!streetType) return null;
  const metres = Number(meters);
  if (metres > 199) return null;
  const street = gridNumber(num!, letter, bis, side);
  const cross = gridNumber(crossNum!, crossLetter, crossBis, crossSide) + (crossSide ? -metres : metres) / 100;
  const canonical = `${streetType} ${label(num!, letter, bis, side)} # ${label(crossNum!, crossLetter, crossBis, crossSide)}-${meters}`;
  return { streetType, axis: AXIS[streetType], street, cross, canonical, rest: rest?.trim() || null };
}

/**
 * The address of a grid position: the plot is on the nearer street line, numbered from the
 * previous cross street ("Calle 49 # 72-35").
 */
export function formatGridAddress(calle: number, carrera: number): string {
  const onCalle = Math.abs(calle - Math.round(calle)) <= Math.abs(carrera - Math.round(carrera));
  const [street, cross, type] = onCalle
    ? [Math.round(calle), carrera, 'Calle']
    : [Math.round(carrera), calle, 'Carrera'];
  const base = Math.floor(cross);
  const metres = Math.max(1, Math.min(99, Math.round((cross - base) * 100)));
  return `${type} ${streetLabel(street)} # ${streetLabel(base)}-${metres}`;
}

function streetLabel(n: number): string {
  return n < 0 ? `${-n} Sur` : String(n);
}

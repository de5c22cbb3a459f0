/**
 * XML for GeoReport v2: the UTF-8 declaration, the standard's element names, booleans as
 * true/false, nulls as empty elements.
 */

export type XmlValue = string | number | boolean | null | undefined | XmlNode | XmlValue[];
export type XmlNode = { [name: string]: XmlValue };

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function element(name: string, value: XmlValue, itemName?: string): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) {
    const item = itemName ?? 'item';
    return `<${name}>${value.map((v) => element(item, v)).join('')}</${name}>`;
  }
  if (typeof value === 'object') {
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => element(k, v, LIST_ITEMS[k]))
      .join('')}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The element name of each item of the standard's lists. */
const LIST_ITEMS: Record<string, string> = {
  endpoints: 'endpoint',
  formats: 'format',
  attributes: 'attribute',
  values: 'value',
};

/** `<?xml …?><root><item>…</item>…</root>` for a list, or `<root>…</root>` for one object. */
export function toXml(root: string, body: XmlNode | XmlNode[], itemName?: string): string {
  const xml = Array.isArray(body) ? element(root, body, itemName) : element(root, body);
  return `<?xml version="1.0" encoding="utf-8"?>\n${xml}\n`;
}

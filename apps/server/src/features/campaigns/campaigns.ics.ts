import type { Campaign } from '@puntoverde/contract';

/** iCalendar text escaping (RFC 5545 §3.3.11). */
function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** `2026-11-21T15:00:00.000Z` → `20261121T150000Z` (UTC form, RFC 5545 §3.3.5). */
function utc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Folds lines longer than 75 octets (RFC 5545 §3.1), never splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (octets + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** One VEVENT for "add to calendar". */
export function campaignToIcs(campaign: Campaign, options: { publicUrl: string; now?: Date }): string {
  const place = [campaign.place_name, campaign.address, campaign.city].filter(Boolean).join(', ');
  const url = `${options.publicUrl}/campaign?id=${campaign.id}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//PuntoVerde//Campañas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:campaign-${campaign.id}@puntoverde`,
    `DTSTAMP:${utc((options.now ?? new Date()).toISOString())}`,
    `DTSTART:${utc(campaign.starts_at)}`,
    `DTEND:${utc(campaign.ends_at)}`,
    `SUMMARY:${escapeText(campaign.title)}`,
    `DESCRIPTION:${escapeText(`${campaign.summary}\n\n${url}`)}`,
    ...(place ? [`LOCATION:${escapeText(place)}`] : []),
    ...(campaign.lat !== null && campaign.lng !== null ? [`GEO:${campaign.lat};${campaign.lng}`] : []),
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

import sharp from 'sharp';

/**
 * Demo pictures drawn at seed time (SVG rendered to PNG by sharp): never copied from the web.
 * Shapes only, no text, so they look the same whatever fonts the machine has.
 */

export type CampaignArt = 'bottles' | 'battery' | 'leaf' | 'devices' | 'river' | 'oil';

const PALETTES: Record<CampaignArt, [string, string, string]> = {
  bottles: ['#1b5e20', '#43a047', '#c8e6c9'],
  battery: ['#0d47a1', '#1e88e5', '#ffeb3b'],
  leaf: ['#33691e', '#7cb342', '#f1f8e9'],
  devices: ['#263238', '#546e7a', '#80cbc4'],
  river: ['#006064', '#00acc1', '#e0f7fa'],
  oil: ['#e65100', '#fb8c00', '#fff3e0'],
};

function motif(art: CampaignArt, light: string, accent: string): string {
  switch (art) {
    case 'bottles':
      return [0, 1, 2]
        .map(
          (i) =>
            `<g transform="translate(${420 + i * 130} ${200 - (i % 2) * 30})"><rect x="0" y="60" width="90" height="230" rx="28" fill="${light}" opacity="0.92"/><rect x="28" y="10" width="34" height="60" rx="8" fill="${light}"/><rect x="24" y="0" width="42" height="18" rx="5" fill="${accent}"/><rect x="12" y="140" width="66" height="50" rx="6" fill="${accent}" opacity="0.6"/></g>`,
        )
        .join('');
    case 'battery':
      return `<g transform="translate(420 170)"><rect x="0" y="40" width="360" height="170" rx="26" fill="${light}"/><rect x="360" y="95" width="36" height="60" rx="8" fill="${light}"/><rect x="24" y="64" width="100" height="122" rx="12" fill="${accent}"/><rect x="134" y="64" width="100" height="122" rx="12" fill="${accent}" opacity="0.75"/><rect x="244" y="64" width="90" height="122" rx="12" fill="${accent}" opacity="0.45"/></g>`;
    case 'leaf':
      return `<g transform="translate(600 315) rotate(-30)"><path d="M0 -190 C 150 -120 150 120 0 190 C -150 120 -150 -120 0 -190 Z" fill="${light}"/><path d="M0 -170 L0 210" stroke="${accent}" stroke-width="14" stroke-linecap="round"/><path d="M0 -60 L70 -110 M0 10 L80 -40 M0 80 L70 40 M0 -60 L-70 -110 M0 10 L-80 -40 M0 80 L-70 40" stroke="${accent}" stroke-width="10" stroke-linecap="round"/></g>`;
    case 'devices':
      return `<g transform="translate(380 150)"><rect x="0" y="0" width="330" height="220" rx="18" fill="${light}"/><rect x="20" y="20" width="290" height="170" rx="8" fill="${accent}"/><rect x="-30" y="225" width="390" height="26" rx="12" fill="${light}"/><rect x="380" y="40" width="110" height="200" rx="20" fill="${light}"/><rect x="394" y="60" width="82" height="150" rx="8" fill="${accent}"/></g>`;
    case 'river':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M 300 ${200 + i * 70} C 450 ${150 + i * 70}, 600 ${250 + i * 70}, 750 ${200 + i * 70} S 1000 ${150 + i * 70}, 1100 ${200 + i * 70}" stroke="${i % 2 ? accent : light}" stroke-width="26" fill="none" stroke-linecap="round" opacity="${0.95 - i * 0.15}"/>`,
        )
        .join('');
    case 'oil':
      return `<g transform="translate(520 130)"><path d="M80 0 C 80 0 190 150 190 230 A 110 110 0 0 1 -30 230 C -30 150 80 0 80 0 Z" fill="${light}"/><path d="M80 90 C 80 90 130 160 130 210 A 50 50 0 0 1 30 210 C 30 160 80 90 80 90 Z" fill="${accent}"/></g>`;
  }
}

/** A 1200×630 campaign banner (the usual share-card ratio). */
export async function drawCampaignImage(art: CampaignArt): Promise<Buffer> {
  const [dark, mid, light] = PALETTES[art];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<circle cx="160" cy="520" r="260" fill="${light}" opacity="0.12"/><circle cx="1100" cy="90" r="180" fill="${light}" opacity="0.12"/>
<g transform="translate(150 150) scale(1.1)" fill="none" stroke="${light}" stroke-width="18" stroke-linecap="round" opacity="0.5">
<path d="M60 0 L110 86 M110 86 L10 86 M10 86 L60 0"/></g>
${motif(art, light, dark)}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export type LogoShape = 'circle' | 'hexagon' | 'leaf' | 'square' | 'drop' | 'triangle';

/** A 256×256 logo: a coloured badge with a simple geometric mark. */
export async function drawLogo(shape: LogoShape, background: string, foreground: string): Promise<Buffer> {
  const marks: Record<LogoShape, string> = {
    circle: `<circle cx="128" cy="128" r="62" fill="none" stroke="${foreground}" stroke-width="22"/><circle cx="128" cy="128" r="18" fill="${foreground}"/>`,
    hexagon: `<path d="M128 52 L194 90 L194 166 L128 204 L62 166 L62 90 Z" fill="${foreground}"/><path d="M128 96 L160 114 L160 150 L128 168 L96 150 L96 114 Z" fill="${background}"/>`,
    leaf: `<path d="M70 186 C 70 100 130 60 196 60 C 196 140 150 190 70 186 Z" fill="${foreground}"/><path d="M76 180 L160 100" stroke="${background}" stroke-width="10" stroke-linecap="round"/>`,
    square: `<rect x="64" y="64" width="56" height="56" rx="8" fill="${foreground}"/><rect x="136" y="64" width="56" height="56" rx="8" fill="${foreground}" opacity="0.7"/><rect x="64" y="136" width="56" height="56" rx="8" fill="${foreground}" opacity="0.7"/><rect x="136" y="136" width="56" height="56" rx="8" fill="${foreground}"/>`,
    drop: `<path d="M128 50 C 128 50 190 130 190 160 A 62 62 0 0 1 66 160 C 66 130 128 50 128 50 Z" fill="${foreground}"/>`,
    triangle: `<path d="M128 58 L200 190 L56 190 Z" fill="none" stroke="${foreground}" stroke-width="20" stroke-linejoin="round"/>`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="48" fill="${background}"/>${marks[shape]}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

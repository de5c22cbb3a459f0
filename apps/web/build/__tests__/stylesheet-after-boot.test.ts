import { describe, expect, it } from 'vitest';
import { moveStylesheetsAfterBoot } from '../stylesheet-after-boot';

describe('stylesheet-after-boot', () => {
  it("moves the build's stylesheet from the head to the end of the body", () => {
    const html = `<html><head><script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b.css">
  </head><body><div id="boot"></div><div id="root"></div></body></html>`;
    const out = moveStylesheetsAfterBoot(html);
    expect(out.slice(0, out.indexOf('</head>'))).not.toContain('index-b.css');
    expect(out).toMatch(/<div id="root"><\/div>\s*<link rel="stylesheet" crossorigin href="\/assets\/index-b\.css">\s*<\/body>/);
    expect(out).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
  });

  it('leaves a page without a build stylesheet alone', () => {
    const html = '<html><head><link rel="stylesheet" href="https://example.org/x.css"></head><body></body></html>';
    expect(moveStylesheetsAfterBoot(html)).toBe(html);
  });
});

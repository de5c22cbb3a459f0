import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterFirstCommit } from '../after-first-commit';

describe('AfterFirstCommit', () => {
  it('commits the frame around it first, then its children', async () => {
    const seen: string[] = [];
    function Frame() {
      useEffect(() => {
        seen.push(`frame committed; body ${document.querySelector('#body') ? 'present' : 'absent'}`);
      }, []);
      return (
        <main>
          <h1>Mapa</h1>
          <AfterFirstCommit>
            <p id="body">Puntos</p>
          </AfterFirstCommit>
        </main>
      );
    }
    render(<Frame />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(seen).toEqual(['frame committed; body absent']);
    expect(await screen.findByText('Puntos')).toBeInTheDocument();
  });

  it("commits the body's parts one at a time, busy until the last is in", async () => {
    const commits: string[] = [];
    function Part({ name }: { name: string }) {
      useEffect(() => {
        const shown = [...document.querySelectorAll('[data-part]')].map((e) => e.getAttribute('data-part')).join(',');
        const busy = document.querySelector('[aria-busy="true"]') ? 'busy' : 'ready';
        commits.push(`${shown} ${busy}`);
      }, []);
      return <section data-part={name}>{name}</section>;
    }
    render(
      <main>
        <AfterFirstCommit>
          <Part name="guide" />
          <Part name="faq" />
          <Part name="pqr" />
        </AfterFirstCommit>
      </main>,
    );
    expect(await screen.findByText('pqr')).toBeInTheDocument();
    // Each part's effect saw only the parts before it: three separate commits.
    expect(commits).toEqual(['guide busy', 'guide,faq busy', 'guide,faq,pqr ready']);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});

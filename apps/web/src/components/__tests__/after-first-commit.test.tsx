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
});

/** GET v1/me/export: my personal data as a JSON file (Ley 1581 de 2012, art. 8). */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { PersonalDataExport } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function exportMyData(): Promise<PersonalDataExport> {
  const response = await apiRequest<{ data: PersonalDataExport }>(IDENTITY_PATHS.myExport);
  return response.data;
}

export function exportFileName(data: Pick<PersonalDataExport, 'generated_at'>): string {
  return `puntoverde-mis-datos-${data.generated_at.slice(0, 10)}.json`;
}

/** Saves the export through a temporary link (works offline from the fetched data). */
export function saveJsonFile(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => saveJsonFile(exportFileName(data), data),
  });
}

/** GET v1/me/export: my personal data as a JSON file (Ley 1581 de 2012, art. 8). */
import { IDENTITY_PATHS } from '@puntoverde/contract';
import type { PersonalDataExport } from '@puntoverde/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, saveFile } from '../../../lib/api-client';

export async function exportMyData(): Promise<PersonalDataExport> {
  const response = await apiRequest<{ data: PersonalDataExport }>(IDENTITY_PATHS.myExport);
  return response.data;
}

export function exportFileName(data: Pick<PersonalDataExport, 'generated_at'>): string {
  return `puntoverde-mis-datos-${data.generated_at.slice(0, 10)}.json`;
}

export function useExportMyData() {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => saveFile(exportFileName(data), new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })),
  });
}

/** Campaigns' paths, apart from their schemas (campaigns.ts). */

export const CAMPAIGNS_PATH = '/back/api/v1/campaigns';

export function campaignPath(id: number): string {
  return `${CAMPAIGNS_PATH}/${id}`;
}

/** POST / DELETE: joins or leaves a campaign. */
export function campaignJoinPath(id: number): string {
  return `${campaignPath(id)}/join`;
}

/** GET (public): the campaign as an iCalendar event. */
export function campaignCalendarPath(id: number): string {
  return `${campaignPath(id)}/calendar.ics`;
}

/** Campaign dates: a range in Bogotá time (see lib/date-format). */
export { formatDateRange as formatCampaignDates } from '../../lib/date-format';

/**
 * Back office → Envíos masivos: write a broadcast, see how it will look, confirm it with the
 * number of accounts and devices it reaches (compose-broadcast), and below, what was sent with
 * its delivery figures, refreshed while a broadcast is still going out (sent-report).
 */
import '../../../../components/actions.css';
import '../notifications.css';
import { ComposeBroadcast } from './compose-broadcast';
import { SentReport } from './sent-report';

export { bogotaLocalToIso } from './compose-broadcast';

export function BroadcastsScreen() {
  return (
    <div className="broadcasts-screen">
      <ComposeBroadcast />
      <SentReport />
    </div>
  );
}

export default BroadcastsScreen;

/**
 * A chip that goes somewhere (a material of a campaign → the map filtered to it): the link itself
 * is the chip, so the whole chip is the target and takes the focus ring, drawn as the outlined
 * Material chip the page had (theme/design-system.css, `.pv-chip-link`). A chip that toggles a
 * filter is a `.pv-chip` button instead (chip-group.tsx).
 */
import { AppLink, type AppLinkProps } from './app-link';

export function ChipLink({ className, ...props }: AppLinkProps) {
  return <AppLink {...props} className={className ? `pv-chip-link ${className}` : 'pv-chip-link'} />;
}

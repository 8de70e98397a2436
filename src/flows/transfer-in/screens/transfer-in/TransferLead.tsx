import { AppBanner } from '@core/ui/AppBanner';

/**
 * The top of the transfer-in pages: the app banner and the page's introduction, shown at once, while the page's data
 * loads (WithApplication's lead) and above what the data decides; the page's HTML paints the same (scripts/prerender.ts).
 */
export function TransferLead({ intro }: { intro: string }) {
  return (
    <>
      <AppBanner />
      <p className="oa-tin__intro">{intro}</p>
    </>
  );
}

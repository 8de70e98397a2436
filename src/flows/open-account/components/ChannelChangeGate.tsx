/**
 * Gives the step engine its before-submit question (core SubmitGateContext): when the entry link carried an agent code
 * or channel (captured at page start, core/bridge/entry-channel) that differs from the application's own (ApplyChannel),
 * the channel-change dialog asks whether to use the new ones; the answer is what the submit carries, and a new invite
 * code is recorded as the inviter when the Invitation feature is allowed for the user. No difference, no dialog. The dialog's chunk loads only when it opens.
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyChannelQuery } from '@core/api/shell';
import { recordInviter } from '@core/api/invitation';
import { entryChannel } from '@core/bridge/entry-channel';
import { channelChange, type ChannelPair } from '@core/domain/channel';
import type { ApplicationView } from '@core/domain/contract';
import { SubmitGateContext, type SubmitExtras } from '@core/step-engine/submit-gate';

const ChannelChangeDialog = lazy(() => import('./ChannelChangeDialog'));

interface Prompt {
  stored: ChannelPair;
  change: Partial<ChannelPair>;
  resolve: (extras: SubmitExtras) => void;
}

export function ChannelChangeGate({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [prompt, setPrompt] = useState<Prompt | null>(null);

  const beforeSubmit = useCallback(
    async (app: ApplicationView): Promise<SubmitExtras> => {
      const entry = entryChannel();
      if (!entry.aeCode && !entry.channel) return {};
      // the service's own values; if they cannot be read, the application's as last loaded
      const stored = await qc.fetchQuery(applyChannelQuery()).catch(() => ({ aeCode: app.aecode, channel: app.channel }));
      const change = channelChange(stored, entry);
      if (!change) return {};
      return new Promise<SubmitExtras>((resolve) => setPrompt({ stored, change, resolve }));
    },
    [qc],
  );

  const answer = (extras: SubmitExtras) => {
    prompt?.resolve(extras);
    setPrompt(null);
  };

  return (
    <SubmitGateContext.Provider value={beforeSubmit}>
      {children}
      {prompt ? (
        <Suspense fallback={null}>
          <ChannelChangeDialog
            visible
            stored={prompt.stored}
            change={prompt.change}
            onChange={() => {
              const { aeCode, channel } = prompt.change;
              // the inviter is recorded (when the Invitation feature is allowed) before the submit carries the new values
              void recordInviter(aeCode).then(() => answer({ ...(aeCode ? { aeCode } : {}), ...(channel ? { channel } : {}) }));
            }}
            onKeep={() => answer({})}
          />
        </Suspense>
      ) : null}
    </SubmitGateContext.Provider>
  );
}

import type { PushNotifications } from './usePushNotifications';

/** Turn on, or (once subscribed) send a test and turn off; none works offline or while one is under way. */
export function PushButtons({ push, online }: { push: PushNotifications; online: boolean }) {
  return (
    <div className="button-row">
      {push.subscribed ? (
        <>
          <button type="button" className="btn btn--primary" disabled={push.busy || !online} onClick={() => void push.test()}>
            Send a test notification
          </button>
          <button type="button" className="btn" disabled={push.busy || !online} onClick={() => void push.disable()}>
            Turn off
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={push.busy || !online || push.subscribed === null || push.permission === 'denied'}
          aria-busy={push.busy}
          onClick={() => void push.enable()}
        >
          {push.busy ? 'Turning on...' : 'Turn on notifications'}
        </button>
      )}
    </div>
  );
}

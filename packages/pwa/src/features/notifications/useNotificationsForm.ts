import type { NotificationTestResult, TolerantNotificationsView, TolerantSavedNotifications } from '@hyperhook/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { failureMessage } from '../../lib/api/apiError';
import { queryKeys } from '../../lib/queryKeys';
import { useStrategies } from '../../entities/strategies/useStrategies';
import { toast } from '../../lib/toasts/toastStore';
import { bodyOf, draftFrom, isDirty, refusalOf, validateDraft, type FieldErrors, type NotificationsDraft } from './notificationsDraft';
import { notificationsQueryOptions, saveNotifications, testNotifications } from './notificationsApi';

/** A test's outcome on one channel, shown on its card until the next test. */
export type TestOutcome = Pick<NotificationTestResult, 'delivered' | 'status' | 'error'>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The saved answer as the cache keeps it: the signing secrets left out (the cache is persisted offline). */
function withoutSecrets(previous: TolerantNotificationsView | undefined, saved: TolerantSavedNotifications): TolerantNotificationsView {
  const channels = saved.channels.map(({ signingSecret: _secret, ...channel }) => channel);
  return { ...previous, ...saved, channels };
}

/**
 * The Notifications section's state (issue 30, point 4): the saved choices (GET /api/notifications),
 * the trader's edits over them, Save (PUT; a new webhook channel's signing secret is kept in
 * memory for this screen only, to be shown once), the field errors of the draft or of the api's
 * refusal, and the tests (POST /test) with each channel's outcome.
 */
export function useNotificationsForm() {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQueryOptions);
  const strategiesQuery = useStrategies();
  const strategyIds = useMemo(() => strategiesQuery.data?.map((s) => s.id), [strategiesQuery.data]);
  const saved = useMemo(() => (query.data === undefined ? null : draftFrom(query.data)), [query.data]);
  const [edited, setEdited] = useState<NotificationsDraft | null>(null);
  const draft = edited ?? saved;
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Readonly<Record<string, string>>>({});
  const [tests, setTests] = useState<Readonly<Record<string, TestOutcome>>>({});

  const own = draft === null ? {} : validateDraft(draft);
  const errors: FieldErrors = { ...(submitted ? own : {}), ...refused };
  const dirty = draft !== null && saved !== null && isDirty(draft, saved, strategyIds);

  const edit = useCallback(
    (change: (draft: NotificationsDraft) => NotificationsDraft, fields: readonly string[] = []) => {
      setEdited((current) => {
        const base = current ?? saved;
        return base === null ? null : change(base);
      });
      // An edited field's refusal is the api's word on the old value: it goes.
      if (fields.length > 0)
        setRefused((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.some((f) => key === f || key.startsWith(`${f}.`)))));
      setProblem(null);
    },
    [saved],
  );

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });

  const save = useMutation({
    mutationFn: async (current: NotificationsDraft) => {
      const { body, alarmIds } = bodyOf(current, strategyIds);
      try {
        return await saveNotifications(body);
      } catch (error) {
        throw Object.assign(new Error('refused'), { refusal: refusalOf(error, alarmIds), cause: error });
      }
    },
    onSuccess: (answer) => {
      const secrets = Object.fromEntries(answer.channels.flatMap((c) => (c.signingSecret === undefined ? [] : [[c.id, c.signingSecret] as const])));
      setRevealed((current) => ({ ...current, ...secrets }));
      queryClient.setQueryData(queryKeys.notifications, (previous: TolerantNotificationsView | undefined) => withoutSecrets(previous, answer));
      setEdited(null);
      setSubmitted(false);
      setRefused({});
      setProblem(null);
      refresh();
      toast({
        variant: 'success',
        title: 'Notifications saved',
        description: Object.keys(secrets).length > 0 ? 'Copy the signing secret now: it is shown only once.' : 'Your channels and choices are up to date.',
      });
    },
    onError: (error: Error & { refusal?: ReturnType<typeof refusalOf>; cause?: unknown }) => {
      const refusal = error.refusal ?? { fields: {}, message: null };
      setRefused(refusal.fields);
      setProblem(refusal.message);
      toast({ variant: 'error', title: 'Unable to save notifications', description: refusal.message ?? 'Check the fields marked in red.' });
    },
  });

  const submit = () => {
    if (draft === null || save.isPending) return;
    setSubmitted(true);
    if (Object.keys(validateDraft(draft)).length > 0) {
      toast({ variant: 'error', title: 'Unable to save notifications', description: 'Check the fields marked in red.' });
      return;
    }
    save.mutate(draft);
  };

  const discard = () => {
    setEdited(null);
    setSubmitted(false);
    setRefused({});
    setProblem(null);
  };

  const test = useMutation({
    mutationFn: (channelId: string | undefined) => testNotifications(channelId),
    onSuccess: (results) => {
      setTests((current) => ({
        ...current,
        ...Object.fromEntries(results.map((r) => [r.channelId, { delivered: r.delivered, status: r.status, error: r.error }])),
      }));
      const failed = results.filter((r) => !r.delivered);
      if (failed.length === 0) toast({ variant: 'success', title: 'Test delivered', description: `Sent to ${plural(results.length, 'channel', 'channels')}.` });
      else
        toast({
          variant: 'error',
          title: 'Test failed',
          description: `${failed.length} of ${plural(results.length, 'channel', 'channels')} failed: ${failed[0]?.error ?? 'no answer'}.`,
        });
    },
    onError: (error) => toast({ variant: 'error', title: 'Unable to send a test', description: failureMessage(error, 'Try again in a moment.') }),
    onSettled: refresh,
  });

  return {
    query,
    view: query.data,
    strategies: strategiesQuery.data,
    draft,
    errors,
    problem,
    dirty,
    edit,
    submit,
    discard,
    saving: save.isPending,
    revealed,
    forget: (channelId: string) => setRevealed(({ [channelId]: _gone, ...rest }) => rest),
    tests,
    test: (channelId?: string) => test.mutate(channelId),
    testing: test.isPending ? (test.variables ?? 'all') : null,
  };
}

/** The Notifications section's state and actions, as the section's parts receive them. */
export type NotificationsFormState = ReturnType<typeof useNotificationsForm>;

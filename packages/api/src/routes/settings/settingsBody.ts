import { z } from 'zod';

/**
 * The body of PUT /api/settings and PUT /api/strategies/:id/settings: the three groups must be
 * objects; their fields are checked by the decider (validateSettings), whose messages name the
 * field as the form labels it.
 */
export const SettingsBodySchema = z.object({
  positionSizing: z.record(z.string(), z.unknown()),
  riskLimits: z.record(z.string(), z.unknown()),
  trading: z.record(z.string(), z.unknown()),
});

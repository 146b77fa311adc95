import { LIVE_READ_MODELS } from '@hyperhook/domain';
import type { FastifySchema } from 'fastify';

/**
 * The OpenAPI entry of `GET /api/live`. @fastify/websocket hides WebSocket routes from the
 * document, and OpenAPI cannot describe the frames, so the handshake is documented as a GET
 * answering 101, with the message shapes in words.
 */
export const LIVE_ROUTE_DOCS: FastifySchema & Record<string, unknown> = {
  tags: ['live'],
  summary: "WebSocket of the signed-in user's read-model changes",
  description: [
    'Upgrades to a WebSocket. The access token comes as `?token=`, as the subprotocol pair `bearer, <token>`, or as an Authorization header.',
    `The first message is \`{"type":"resync","data":{${LIVE_READ_MODELS.map((entry) => entry.snapshotKey).join(',')}}}\` (the 200 newest logs);`,
    `then \`{"type":"change","collection","id","version","doc"}\` for every change of the user's read models (collection: ${LIVE_READ_MODELS.map((entry) => entry.kind).join(', ')}), \`doc\` shaped as the matching GET answers it.`,
    'Send the text frame `ping` to get `pong`.',
  ].join(' '),
  querystring: {
    type: 'object',
    properties: { token: { type: 'string', description: 'Access token (browsers cannot set headers on a WebSocket)' } },
  },
  response: {
    101: { description: 'Switching Protocols: the socket is open and the resync follows', type: 'null' },
    401: {
      description: 'No valid access token: no socket is opened',
      type: 'object',
      properties: { success: { type: 'boolean', enum: [false] }, error: { type: 'string' } },
    },
  },
};

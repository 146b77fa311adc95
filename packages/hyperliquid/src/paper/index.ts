/**
 * `@hyperhook/hyperliquid/paper`: the paper venue, paper accounts traded in process by the
 * simulator's engine at the venue's mids (issue 30). Its own entry point, like `./sim`, so the
 * client's imports do not pull the engine in.
 */
export { PaperVenue, paperFillAsVenueFill, type PaperOrderResult, type PaperVenueOptions, type RecordedPaperFill } from './paperVenue.js';

/** Backtest against live (issue 43, point 2): TradingView's List of trades, matched to the strategy's trades. */
export * from './tradingViewTrades.js';
export * from './compareBacktest.js';
export * from './backtestEvents.js';
export * from './backtestsDecider.js';
export * from './backtestViews.js';

import { lazyScreen } from './lazyScreen';

/** The dashboard's code: one loader shared by its route and the start-up preload, so both share one download. */
export const DashboardScreen = lazyScreen(() => import('./dashboard/DashboardPage'));

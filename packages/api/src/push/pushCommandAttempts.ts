/**
 * How many times a push-subscription command is decided before a conflict is reported: the
 * subscription commands have always retried up to five times (a device subscribing while the
 * notifier drops a dead endpoint of the same user is an ordinary race, not a user error).
 */
export const PUSH_COMMAND_ATTEMPTS = 5;

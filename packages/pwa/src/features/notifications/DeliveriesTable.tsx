import type { NotificationDelivery, TolerantNotificationChannelView } from '@hyperhook/domain';
import { channelName, CHANNEL_LABEL } from './channelTexts';
import { DeliveryRow } from './DeliveryRow';

/** The deliveries shown, one row each; a removed channel is named by its kind. */
export function DeliveriesTable({
  deliveries,
  channels,
  now,
}: {
  deliveries: readonly NotificationDelivery[];
  channels: readonly TolerantNotificationChannelView[];
  now: number;
}) {
  const channelOf = (d: NotificationDelivery) => {
    const channel = channels.find((c) => c.id === d.channelId);
    return channel === undefined ? `${CHANNEL_LABEL[d.channelType]} (removed)` : channelName(channel.type, channel.target);
  };
  return (
    <div className="table-wrap">
      <table className="table table--cards deliveries">
        <caption className="visually-hidden">Recent notification deliveries</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Channel</th>
            <th scope="col">Event</th>
            <th scope="col">Result</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <DeliveryRow key={d.deliveryId} delivery={d} channel={channelOf(d)} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

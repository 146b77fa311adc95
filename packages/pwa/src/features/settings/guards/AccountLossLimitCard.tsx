import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/Card';
import { accountGuardsQuery } from './accountGuardsApi';
import { AccountLossLimitForm } from './AccountLossLimitForm';

/** The account's own guard (issue 42): a daily loss limit over every live strategy; paper strategies trade no real money and are not counted. */
export function AccountLossLimitCard() {
  const query = useQuery(accountGuardsQuery);
  return (
    <Card title="Account loss limit" headingLevel={3}>
      {query.data === undefined ? <p className="muted">Reading the limit...</p> : <AccountLossLimitForm saved={query.data} />}
    </Card>
  );
}

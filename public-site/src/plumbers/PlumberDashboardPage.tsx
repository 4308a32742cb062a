import { useState } from 'react';
import { Tabs } from '../components/Tabs';
import { AccountTab } from './AccountTab';
import { PlumberArea } from './PlumberArea';

/** spec §2 Plumber dashboard (/plumber-dashboard). */
export default function PlumberDashboardPage() {
  const [tab, setTab] = useState('account');
  return (
    <PlumberArea title="Plumber Portal" signedOutTo="/plumber-referral">
      <Tabs label="Plumber dashboard" value={tab} onChange={setTab} tabs={[{ value: 'account', label: 'Account', content: <AccountTab /> }]} />
    </PlumberArea>
  );
}

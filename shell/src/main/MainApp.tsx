import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Tabs, useCurrentUser } from '@tht/ui';
import { AccountMenu } from '../account/AccountMenu';
import { RemoteTab } from '../remotes/RemoteTab';
import { linkedTab, tabsFor, type MainTabValue } from './mainTabs';

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const ProductName = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 1.125rem;
`;

const Main = styled.main`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(6)};
`;

const ADMIN_PATH = '/admin';

/**
 * The signed-in application: header with the account menu, and the tabs the user's role allows.
 * `/admin` opens the Admin tab; every other tab lives at `/`, opened first on the one `?tab=` names.
 */
export function MainApp() {
  const { user, hasDirectReports } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [selectedTab, setSelectedTab] = useState<MainTabValue>(() => linkedTab(searchParams.get('tab')) ?? 'dashboard');

  if (!user) return null;
  const tabs = tabsFor({ role: user.role, hasDirectReports });
  const adminTab = tabs.find((tab) => tab.value === 'admin');
  const onAdminRoute = pathname === ADMIN_PATH;
  if (onAdminRoute && !adminTab) return <Navigate to="/" replace />;
  const shownTab = onAdminRoute ? adminTab : (tabs.find((tab) => tab.value === selectedTab) ?? tabs[0]);

  function selectTab(value: MainTabValue) {
    if (value === 'admin') {
      navigate(ADMIN_PATH);
      return;
    }
    setSelectedTab(value);
    if (onAdminRoute) navigate('/');
  }

  return (
    <>
      <Header>
        <ProductName>Training Hours Tracker</ProductName>
        <AccountMenu />
      </Header>
      <Main>
        {shownTab && (
          <Tabs label="Main sections" items={tabs} value={shownTab.value} onChange={selectTab}>
            <RemoteTab key={shownTab.value} remote={shownTab.remote} exposed={shownTab.exposed} title={shownTab.label} />
          </Tabs>
        )}
      </Main>
    </>
  );
}

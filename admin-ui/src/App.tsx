import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route, useLocation } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './dashboard/Dashboard';
import { AppLayout } from './layout/AppLayout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { theme } from './theme';
import audit from './audit';
import bookings from './bookings';
import { TodayPage } from './today/TodayPage';
import enquiries from './enquiries';
import jobs from './jobs';
import outbox from './outbox';
import emailSuppressions from './email-suppressions';
import payoutRuns from './payout-runs';
import rebates from './rebates';
import referralReviews from './referral-reviews';
import referrals from './referrals';
import reviews from './reviews';
import { EmailTemplatesPage } from './templates/EmailTemplatesPage';
import users from './users';
import media from './media';
import siteSlots from './site-slots';
import { CompanyProfilePage } from './company-profile/CompanyProfilePage';
import { AvailabilityPage } from './availability/AvailabilityPage';
import { PriceListPage } from './price-list/PriceListPage';
import { PayoutSettingsPage } from './payout-settings/PayoutSettingsPage';

// The calendar (react-big-calendar, date-fns and its drag and drop) loads in a chunk of its own when
// the page is opened: none of it is in the console's first load.
const CalendarPage = lazy(() => import('./calendar/CalendarPage').then((module) => ({ default: module.CalendarPage })));

/** '/admin' itself: the dashboard when signed in (the login page otherwise, via requireAuth). */
const Home = () => <Navigate to="/dashboard" replace />;

/** '/admin/referrals', the referrals' list address: the dashboard, keeping a list query if one was given. */
function ReferralListRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/dashboard', search }} replace />;
}

/**
 * The staff console at /admin with real paths (/admin/users, not #/users): a browser router with
 * basename /admin, and the server answers every /admin/* path with this app.
 */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        loginPage={LoginPage}
        layout={AppLayout}
        dashboard={Home}
        theme={theme}
        title="Staff console"
        requireAuth
        disableTelemetry
      >
        <Resource name="referrals" {...referrals} options={{ label: 'Referrals' }} />
        <Resource name="referral-reviews" {...referralReviews} options={{ label: 'Referral reviews' }} />
        <Resource name="rebates" {...rebates} options={{ label: 'Rebates' }} />
        <Resource name="payout-runs" {...payoutRuns} options={{ label: 'Payout runs' }} />
        <Resource name="bookings" {...bookings} options={{ label: 'Booking Requests' }} />
        <Resource name="users" {...users} options={{ label: 'User Management' }} />
        <Resource name="job-tracking" {...jobs} options={{ label: 'Job Tracking' }} />
        <Resource name="notifications" {...outbox} options={{ label: 'Outbox' }} />
        <Resource name="email-suppressions" {...emailSuppressions} options={{ label: 'Suppressed e-mails' }} />
        <Resource name="enquiries" {...enquiries} options={{ label: 'Enquiries' }} />
        <Resource name="media" {...media} options={{ label: 'Media Library' }} />
        <Resource name="site-slots" {...siteSlots} options={{ label: 'Website Images' }} />
        <Resource name="audit" {...audit} options={{ label: 'Audit log' }} />
        <Resource name="reviews" {...reviews} options={{ label: 'Reviews' }} />
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/today" element={<TodayPage />} />
          {/* The referrals list lives on the dashboard (spec §2): its own address leads there, with its
              filters and page; /referrals/:id is the referrals resource's own route. */}
          <Route path="/referrals" element={<ReferralListRedirect />} />
          <Route
            path="/calendar"
            element={
              <Suspense fallback={<Loading />}>
                <CalendarPage />
              </Suspense>
            }
          />
          <Route path="/email-templates" element={<EmailTemplatesPage />} />
          <Route path="/availability" element={<AvailabilityPage />} />
          <Route path="/price-list" element={<PriceListPage />} />
          <Route path="/payout-bank-account" element={<PayoutSettingsPage />} />
          <Route path="/company-profile" element={<CompanyProfilePage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

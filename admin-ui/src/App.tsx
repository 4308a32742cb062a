import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './providers/dataProvider';
import { theme } from './theme';

/**
 * The staff console at /admin with real paths (/admin/bookings, not #/bookings): a browser router with
 * basename /admin, and the server answers every /admin/* path with this app.
 */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin dataProvider={dataProvider} dashboard={Dashboard} theme={theme} title="Staff console" disableTelemetry>
        <CustomRoutes>
          <Route path="/system" element={<Dashboard />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

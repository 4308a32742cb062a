import { Alert, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';

interface Health {
  status: string;
  database: string;
}

/** The console's home: where each part of the back office lives, and whether the system is healthy. */
export function Dashboard() {
  const [health, setHealth] = useState<Health | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetch('/api/health', { headers: { Accept: 'application/json' } })
      .then((response) => response.json() as Promise<Health>)
      .then((body) => !cancelled && setHealth(body))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Staff console" />
      <Card>
        <CardHeader title="Pipe Relining Australia: staff console" />
        <CardContent>
          <Typography variant="body1">
            Referrals, booking requests, users and roles, job tracking links and e-mail templates are managed here.
          </Typography>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="System status" />
        <CardContent>
          {failed ? <Alert severity="error">The server did not answer.</Alert> : null}
          {health ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography>Database</Typography>
              <Chip
                label={health.database === 'up' ? 'Up' : 'Down'}
                color={health.database === 'up' ? 'success' : 'error'}
                size="small"
              />
            </Stack>
          ) : !failed ? (
            <Typography color="text.secondary">Checking...</Typography>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}

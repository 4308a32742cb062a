import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';

/**
 * What a section shows while its data loads ('Loading jobs...') or when it could not be fetched (with
 * Retry); null once it is there, so the section shows its data.
 */
export function LoadState({
  isPending,
  error,
  retry,
  loading,
  failed,
}: {
  isPending: boolean;
  error: unknown;
  retry: () => void;
  loading: string;
  failed: string;
}) {
  if (isPending) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">
          {loading}
        </Typography>
      </Stack>
    );
  }
  if (!error) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {failed}
    </Alert>
  );
}

import { Box, SnackbarContent, Typography } from '@mui/material';

/**
 * A toast with a title and a description, as the spec words its messages ('Login successful' / '…').
 * react-admin shows an element message as the snackbar's whole content, so this draws the snackbar
 * itself (and keeps its role="alert", so screen readers announce it).
 */
export function Toast({ title, description }: { title: string; description?: string }) {
  return (
    <SnackbarContent
      sx={{ minWidth: { sm: 320 } }}
      message={
        <Box>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" component="p">
              {description}
            </Typography>
          ) : null}
        </Box>
      }
    />
  );
}

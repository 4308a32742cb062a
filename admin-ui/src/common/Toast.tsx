import { Box, Typography } from '@mui/material';

/** A toast with a title and a description, as the spec words its messages ('Login successful' / '…'). */
export function Toast({ title, description }: { title: string; description?: string }) {
  return (
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
  );
}

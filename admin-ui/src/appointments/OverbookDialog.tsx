import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { slotFull, type FreeSlot } from './appointmentFormat';

/** What staff answer when the slot is full: take it anyway, one of the free times instead, or neither. */
export type OverbookAnswer = { overbook: true } | { pick: FreeSlot } | null;

/** What became of a request for a slot. */
export type SlotOutcome<T> = { kind: 'done'; result: T } | { kind: 'picked'; slot: FreeSlot } | { kind: 'declined' };

interface Question {
  label: string;
  nextSlots: FreeSlot[];
  canPick: boolean;
  resolve: (answer: OverbookAnswer) => void;
}

/**
 * The overbook rule of confirming and moving (POST …/confirm, …/reschedule): a full slot answers 409
 * SLOT_FULL, and only staff's explicit 'Overbook' sends the request again with `overbook: true`.
 * `request` sends it (with or without overbook); `dialog` must be rendered by the caller.
 */
export function useOverbook() {
  const [question, setQuestion] = useState<Question | null>(null);

  const send = useCallback(
    async <T,>(request: (overbook: boolean) => Promise<T>, label: string, options: { canPick?: boolean } = {}): Promise<SlotOutcome<T>> => {
      try {
        return { kind: 'done', result: await request(false) };
      } catch (error) {
        const full = slotFull(error);
        if (!full) throw error;
        const answer = await new Promise<OverbookAnswer>((resolve) =>
          setQuestion({ label, nextSlots: full.nextSlots, canPick: options.canPick ?? false, resolve }),
        );
        if (answer === null) return { kind: 'declined' };
        if ('pick' in answer) return { kind: 'picked', slot: answer.pick };
        return { kind: 'done', result: await request(true) };
      }
    },
    [],
  );

  const answer = (value: OverbookAnswer) => {
    question?.resolve(value);
    setQuestion(null);
  };

  const dialog = question ? <OverbookDialog question={question} onAnswer={answer} /> : null;
  return { send, dialog };
}

function OverbookDialog({ question, onAnswer }: { question: Question; onAnswer: (answer: OverbookAnswer) => void }) {
  const offered = question.canPick ? question.nextSlots : [];
  return (
    <Dialog open onClose={() => onAnswer(null)} fullWidth maxWidth="xs" aria-labelledby="overbook-title" aria-describedby="overbook-text">
      <DialogTitle id="overbook-title">That time is full</DialogTitle>
      <DialogContent>
        <DialogContentText id="overbook-text">That time is already full ({question.label}). Overbook anyway?</DialogContentText>
        {offered.length > 0 ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Or choose one of the next free times:
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {offered.map((slot) => (
                <Chip key={`${slot.date} ${slot.time}`} label={slot.label} variant="outlined" onClick={() => onAnswer({ pick: slot })} />
              ))}
            </Box>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(null)} autoFocus>
          Go back
        </Button>
        <Button variant="contained" color="warning" onClick={() => onAnswer({ overbook: true })}>
          Overbook
        </Button>
      </DialogActions>
    </Dialog>
  );
}

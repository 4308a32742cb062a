import EventNoteIcon from '@mui/icons-material/EventNote';
import { BookingList } from './BookingList';
import { BookingShow } from './BookingShow';

export default {
  list: BookingList,
  show: BookingShow,
  icon: EventNoteIcon,
  recordRepresentation: 'fullName',
};

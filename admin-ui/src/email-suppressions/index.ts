import UnsubscribeIcon from '@mui/icons-material/Unsubscribe';
import { EmailSuppressionCreate } from './EmailSuppressionCreate';
import { EmailSuppressionList } from './EmailSuppressionList';

export default {
  list: EmailSuppressionList,
  create: EmailSuppressionCreate,
  icon: UnsubscribeIcon,
  recordRepresentation: 'email',
};

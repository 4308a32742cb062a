import MailOutlineIcon from '@mui/icons-material/ContactMail';
import { EnquiryEdit } from './EnquiryEdit';
import { EnquiryList } from './EnquiryList';

export default {
  list: EnquiryList,
  edit: EnquiryEdit,
  icon: MailOutlineIcon,
  recordRepresentation: 'contactPerson',
};

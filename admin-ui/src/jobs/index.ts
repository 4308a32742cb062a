import RouteIcon from '@mui/icons-material/Route';
import { JobEdit } from './JobEdit';
import { JobShow } from './JobShow';
import { JobTrackingList } from './JobTrackingList';

export default {
  list: JobTrackingList,
  show: JobShow,
  edit: JobEdit,
  icon: RouteIcon,
  recordRepresentation: 'jobNumber',
};

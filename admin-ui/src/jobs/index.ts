import RouteIcon from '@mui/icons-material/Route';
import { JobTrackingList } from './JobTrackingList';

export default {
  list: JobTrackingList,
  icon: RouteIcon,
  recordRepresentation: 'jobNumber',
};

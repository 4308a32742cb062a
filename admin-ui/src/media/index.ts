import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { MediaCreate } from './MediaCreate';
import { MediaEdit } from './MediaEdit';
import { MediaList } from './MediaList';

export default {
  list: MediaList,
  create: MediaCreate,
  edit: MediaEdit,
  icon: PhotoLibraryIcon,
  recordRepresentation: 'altText',
};

import WallpaperIcon from '@mui/icons-material/Wallpaper';
import { SiteSlotEdit } from './SiteSlotEdit';
import { SiteSlotList } from './SiteSlotList';

export default {
  list: SiteSlotList,
  edit: SiteSlotEdit,
  icon: WallpaperIcon,
  recordRepresentation: 'label',
};

// Adds the API release picker, a navbar item shown on API pages only.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import ApiReleaseDropdown from '@site/src/components/ApiReleaseDropdown';

export default {
  ...ComponentTypes,
  'custom-apiReleaseDropdown': ApiReleaseDropdown,
};

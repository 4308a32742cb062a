import HandshakeIcon from '@mui/icons-material/Handshake';

/**
 * The referrals resource: its list, detail and actions live on the dashboard (/admin/dashboard, spec
 * §2), so no routes of its own; registered for react-admin's data hooks and record names.
 */
export default {
  icon: HandshakeIcon,
  recordRepresentation: 'refNumber',
};

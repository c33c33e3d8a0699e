import { reorderingDetector } from './network-reordering.js';

export default reorderingDetector('networkReorderingOut', 'outbound');

import { congestionDetector } from './network-congestion.js';

export default congestionDetector('networkCongestionIn', 'inbound');

import { Link } from 'react-router-dom';

/** The links of an agreement line, whose message names them <0>Terms and Conditions</0> and <1>Privacy Policy</1>. */
export const LEGAL_LINKS = { 0: <Link to="/terms-and-conditions" />, 1: <Link to="/privacy-policy" /> };

// The public face of the commissions feature: Configuraciones shows the rules' section in its page.
export { CommissionRulesSection } from './CommissionRulesSection';

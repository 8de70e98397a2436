/** The company search screen's route (the employment step's company choice): on its own, so that the route table and company-choice.ts need not import each other. */
export const COMPANY_SEARCH_ROUTE = '/C_SearchCompany';
